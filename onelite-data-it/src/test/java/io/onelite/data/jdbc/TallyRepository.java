package io.onelite.data.jdbc;

import java.util.Optional;

import org.springframework.data.repository.ListCrudRepository;

public interface TallyRepository extends ListCrudRepository<Tally, Long> {

    Optional<Tally> findByName(String name);
}
