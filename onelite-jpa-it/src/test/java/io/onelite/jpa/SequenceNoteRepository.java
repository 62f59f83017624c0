package io.onelite.jpa;

import org.springframework.data.jpa.repository.JpaRepository;

interface SequenceNoteRepository extends JpaRepository<SequenceNote, Long> {
}
