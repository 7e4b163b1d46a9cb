// What each route has added to the database per UTC day, per browser and per network (the network under a
// keyed hash, never an address): the daily storage budgets every instance shares and a restart keeps.
export const name = '008_storage_usage';

export const sql = `
create table storage_usage (
  day date not null,
  key text not null,
  added_bytes bigint not null default 0,
  added_rows integer not null default 0,
  primary key (day, key)
);
`;
