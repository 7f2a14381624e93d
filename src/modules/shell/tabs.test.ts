import { describe, expect, it } from 'vitest';
import { addTab, closeAll, closeOthers, closeTab, redirectPath, restoreTabs, tabPath, type Tab } from './tabs';

const home: Tab = { path: '/home', href: '/home', affix: true };
const tab = (path: string, href = path): Tab => ({ path, href, affix: false });
const paths = (tabs: Tab[]) => tabs.map((t) => t.path);

describe('tabs (spec 2.4)', () => {
  it('adds one tab per route and params', () => {
    let tabs = addTab([home], '/profile');
    tabs = addTab(tabs, '/profile');
    tabs = addTab(tabs, '/model/form?id=2');
    tabs = addTab(tabs, '/model/form?id=3');
    expect(paths(tabs)).toEqual(['/home', '/profile', '/model/form?id=2', '/model/form?id=3']);
  });

  it("a list's own query (page, size, keyword, filters) opens no new tab: the page's tab follows it", () => {
    expect(tabPath('/permission/user?page=2&q=%22%E7%8E%8B%22&org=01J0')).toBe('/permission/user');
    expect(tabPath('/menuMore?section=all&page=2')).toBe('/menuMore?section=all');
    expect(tabPath('/messageRecord?type=2&size=50')).toBe('/messageRecord');
    expect(tabPath('/system/dictionary?dict=01J1')).toBe('/system/dictionary');
    expect(tabPath('/menuMore?section=all')).toBe('/menuMore?section=all');
    let tabs = addTab([home], '/permission/user');
    tabs = addTab(tabs, '/permission/user?q=%E7%8E%8B');
    tabs = addTab(tabs, '/permission/user?q=%E7%8E%8B&page=2');
    tabs = addTab(tabs, '/profile');
    expect(paths(tabs)).toEqual(['/home', '/permission/user', '/profile']);
    // Clicking the tab returns to the list as it was left; closing the active tab goes there too.
    expect(tabs[1]!.href).toBe('/permission/user?q=%E7%8E%8B&page=2');
    expect(closeTab(tabs, '/profile', '/profile').after).toEqual({ to: '/permission/user?q=%E7%8E%8B&page=2' });
    expect(closeOthers(tabs, '/permission/user', '/profile').after).toEqual({ to: '/permission/user?q=%E7%8E%8B&page=2' });
  });

  it('never closes a fixed tab', () => {
    const r = closeTab([home, tab('/a')], '/home', '/home');
    expect(paths(r.tabs)).toEqual(['/home', '/a']);
    expect(r.after).toBeNull();
  });

  it('closing the active tab goes to the last remaining tab', () => {
    const r = closeTab([home, tab('/a'), tab('/b'), tab('/c')], '/b', '/b');
    expect(paths(r.tabs)).toEqual(['/home', '/a', '/c']);
    expect(r.after).toEqual({ to: '/c' });
  });

  it('closing another tab keeps the page', () => {
    const r = closeTab([home, tab('/a'), tab('/b')], '/a', '/b');
    expect(paths(r.tabs)).toEqual(['/home', '/b']);
    expect(r.after).toBeNull();
  });

  it('closing the last tab refreshes the dashboard when it was the dashboard, else goes to /', () => {
    expect(closeTab([{ path: '/home', href: '/home', affix: false }], '/home', '/home').after).toEqual({ refresh: '/home' });
    expect(closeTab([tab('/a')], '/a', '/a').after).toEqual({ to: '/' });
  });

  it('close others keeps fixed tabs and the chosen one, and opens it', () => {
    const r = closeOthers([home, tab('/a'), tab('/b')], '/a', '/b');
    expect(paths(r.tabs)).toEqual(['/home', '/a']);
    expect(r.after).toEqual({ to: '/a' });
    expect(closeOthers([home, tab('/a'), tab('/b')], '/a', '/a').after).toBeNull();
  });

  it('close all keeps the fixed tabs and goes to the last of them', () => {
    const r = closeAll([home, tab('/a'), tab('/b')], '/a');
    expect(paths(r.tabs)).toEqual(['/home']);
    expect(r.after).toEqual({ to: '/home' });
    expect(closeAll([home, tab('/a')], '/home').after).toBeNull();
  });

  it('restores stored tabs that still open a page, after the fixed tabs', () => {
    const raw = JSON.stringify(['/a', '/gone', '/a', 42, 'relative', '/b?x=1', '/c?page=3']);
    const restored = restoreTabs(raw, (p) => p !== '/gone');
    expect(paths(restored)).toEqual(['/home', '/a', '/b?x=1', '/c']);
    // A list's tab comes back where it was left.
    expect(restored[3]!.href).toBe('/c?page=3');
    expect(paths(restoreTabs('not json', () => true))).toEqual(['/home']);
    expect(paths(restoreTabs(null, () => true))).toEqual(['/home']);
  });

  it('builds the refresh path with colons encoded and the query kept', () => {
    expect(redirectPath('/profile')).toBe('/redirect/profile');
    expect(redirectPath('/model/a:b?id=1')).toBe('/redirect/model/a%3Ab?id=1');
  });
});
