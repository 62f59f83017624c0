-- notes whose ids Hibernate allocates itself, so that it can batch their inserts
create table sequence_note (id integer primary key, text text not null);
-- SQLite has no sequences: Hibernate emulates note_seq with a one-row table
create table note_seq (next_val integer not null);
insert into note_seq values (1);
create table table_note (id integer primary key, text text not null);
create table id_generator (name text primary key, next_value integer not null);
