-- seq is filled at commit by commit_seq(): strictly increasing in commit order, so a poller that
-- asks for "seq > last" never skips a row that committed late with a smaller id.
create table if not exists orders (
    id     integer primary key,
    writer integer not null,
    item   text    not null,
    seq    integer
);
create index if not exists orders_seq on orders (seq);
