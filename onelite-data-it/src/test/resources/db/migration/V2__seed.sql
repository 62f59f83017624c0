insert into account (name, balance) values ('shared', 0);
insert into tally (name, n) values ('shared', 0);
