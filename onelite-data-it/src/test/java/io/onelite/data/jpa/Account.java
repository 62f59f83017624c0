package io.onelite.data.jpa;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;

/** A JPA entity: a named balance that concurrent writers add to. */
@Entity
public class Account {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    public String name;

    public long balance;

    protected Account() {
    }

    public Account(String name) {
        this.name = name;
    }
}
