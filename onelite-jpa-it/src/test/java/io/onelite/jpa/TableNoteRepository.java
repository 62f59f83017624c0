package io.onelite.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

interface TableNoteRepository extends JpaRepository<TableNote, Long> {
}
