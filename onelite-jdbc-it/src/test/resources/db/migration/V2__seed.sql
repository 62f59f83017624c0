INSERT INTO author(name) VALUES ('Ursula K. Le Guin');
INSERT INTO author(name) VALUES ('Italo Calvino');
INSERT INTO book(author_id, title, price)
    SELECT id, 'The Dispossessed', 12.50 FROM author WHERE name = 'Ursula K. Le Guin';
INSERT INTO book(author_id, title, price)
    SELECT id, 'Invisible Cities', 9.99 FROM author WHERE name = 'Italo Calvino';
