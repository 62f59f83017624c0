create table item (id integer primary key autoincrement, writer integer not null, k integer not null, unique (writer, k));
