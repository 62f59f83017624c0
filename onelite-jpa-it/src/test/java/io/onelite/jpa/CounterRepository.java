package io.onelite.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

interface CounterRepository extends JpaRepository<Counter, Long> {
}
