package io.onelite.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

interface ItemRepository extends JpaRepository<Item, Long> {
    long countByWriter(int writer);
}
