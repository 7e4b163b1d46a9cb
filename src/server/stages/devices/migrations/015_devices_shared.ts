// A device session started on a shared computer (a school library's, a friend's): the student ticked "This is a
// shared computer", and the session then ends after 30 minutes idle instead of 90 days.
export const name = '015_devices_shared';

export const sql = `
alter table device_sessions add column shared boolean not null default false;
`;
