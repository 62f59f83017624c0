package io.onelite.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/** One insert of one writer; (writer, k) is unique, so a duplicate landing would fail. */
@Entity
class Item {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    Long id;

    int writer;

    int k;

    protected Item() {
    }

    Item(int writer, int k) {
        this.writer = writer;
        this.k = k;
    }
}
