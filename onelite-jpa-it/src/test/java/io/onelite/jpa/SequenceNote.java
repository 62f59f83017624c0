package io.onelite.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;

/** Ids from a sequence (a one-row table on SQLite), allocated 50 at a time: inserts can be batched. */
@Entity
class SequenceNote {

    @Id
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "note_seq")
    @SequenceGenerator(name = "note_seq", sequenceName = "note_seq", allocationSize = 50)
    Long id;

    String text;

    protected SequenceNote() {
    }

    SequenceNote(String text) {
        this.text = text;
    }
}
