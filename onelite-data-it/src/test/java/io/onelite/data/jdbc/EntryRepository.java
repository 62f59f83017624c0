package io.onelite.data.jdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface EntryRepository extends ListCrudRepository<Entry, Long> {

    long countByAccountId(long accountId);
}
