package io.onelite.jpa;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

interface AuthorRepository extends JpaRepository<Author, Long> {
    Optional<Author> findByName(String name);
}
