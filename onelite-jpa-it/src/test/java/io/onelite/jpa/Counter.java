package io.onelite.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Version;

/** A named counter with optimistic locking. */
@Entity
class Counter {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    Long id;

    String name;

    long n;

    @Version
    long version;

    protected Counter() {
    }

    Counter(String name) {
        this.name = name;
    }
}
