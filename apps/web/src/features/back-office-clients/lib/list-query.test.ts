import { describe, expect, it } from 'vitest';
import { accessQueueApiQuery, accessQueueView, inboxApiQuery, inboxView, pageOf } from './list-query';

describe('back-office client lists read their address', () => {
  it.each([
    [{}, { page: 1, perPage: 25 }],
    [
      { page: '3', per_page: '50' },
      { page: 3, perPage: 50 },
    ],
    [
      { page: '-2', per_page: '1000' },
      { page: 1, perPage: 25 },
    ],
    [
      { page: 'abc', per_page: ['10', '20'] },
      { page: 1, perPage: 10 },
    ],
  ])('page of %j', (search, expected) => {
    expect(pageOf(search)).toEqual(expected);
  });

  it.each([
    [{}, 'status=pending&page=1&per_page=25&sort=created_at'],
    [{ status: 'rejected', q: ' 7707083893 ' }, 'status=rejected&page=1&per_page=25&sort=created_at&q=7707083893'],
    [{ status: 'nonsense', sort: 'created_at', desc: '1' }, 'status=pending&page=1&per_page=25&sort=-created_at'],
    [{ status: 'all', page: '2' }, 'status=all&page=2&per_page=25&sort=created_at'],
  ])('queue of %j asks the API for %s', (search, query) => {
    expect(accessQueueApiQuery(accessQueueView(search))).toBe(query);
  });

  it.each([
    [{}, 'bug-reports', 'page=1&per_page=25'],
    [{ tab: 'feedback', status: 'in_work' }, 'feedback', 'page=1&per_page=25&status=in_work'],
    [{ tab: 'other', status: 'closed', page: '4' }, 'bug-reports', 'page=4&per_page=25'],
  ])('inbox of %j', (search, tab, query) => {
    const view = inboxView(search);
    expect(view.tab).toBe(tab);
    expect(inboxApiQuery(view)).toBe(query);
  });
});
