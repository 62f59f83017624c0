create table counter (id integer primary key autoincrement, name text not null unique, n integer not null, version integer not null);
create table author (id integer primary key autoincrement, name text not null unique);
create table book (id integer primary key autoincrement, title text not null, author_id integer not null references author(id));
