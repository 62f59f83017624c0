-- account: a JPA entity; tally and entry: Spring Data JDBC aggregates
create table account (id integer primary key autoincrement, name text not null unique, balance integer not null);
create table tally (id integer primary key autoincrement, name text not null unique, n integer not null);
create table entry (id integer primary key autoincrement, account_id integer not null, amount integer not null);
