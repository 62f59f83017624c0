package io.onelite.jpa;

import java.util.ArrayList;
import java.util.List;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;

/** An author (unique name) and their books. */
@Entity
class Author {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    Long id;

    String name;

    @OneToMany(mappedBy = "author")
    List<Book> books = new ArrayList<>();

    protected Author() {
    }

    Author(String name) {
        this.name = name;
    }

    /** Through a method, so that a lazy proxy loads itself (its own fields stay empty). */
    String getName() {
        return name;
    }
}
