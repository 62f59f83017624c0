package io.onelite.data.jpa;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

public interface AccountRepository extends JpaRepository<Account, Long> {

    Optional<Account> findByName(String name);

    /** A native insert with a given primary key. */
    @Transactional
    @Modifying
    @Query(value = "insert into account (id, name, balance) values (?1, ?2, 0)", nativeQuery = true)
    int insertNative(long id, String name);
}
