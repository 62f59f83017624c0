CREATE TABLE author (
    id   INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE book (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    author_id INTEGER NOT NULL REFERENCES author(id),
    title     TEXT NOT NULL,
    price     NUMERIC(10,2)
);

CREATE INDEX book_author ON book(author_id);
