package io.onelite.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.TableGenerator;

/** Ids from a generator table row, allocated 50 at a time: inserts can be batched. */
@Entity
class TableNote {

    @Id
    @GeneratedValue(strategy = GenerationType.TABLE, generator = "note_ids")
    @TableGenerator(name = "note_ids", table = "id_generator", pkColumnName = "name", valueColumnName = "next_value",
            pkColumnValue = "table_note", allocationSize = 50)
    Long id;

    String text;

    protected TableNote() {
    }

    TableNote(String text) {
        this.text = text;
    }
}
