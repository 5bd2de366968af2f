import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, Route, Router, Switch, useSearch } from 'wouter';

import { BrowserNavigationService } from './BrowserNavigationService';
import { MemoryNavigationService } from './MemoryNavigationService';
import { createNavigationLocationHook, createNavigationSearchHook } from './wouterHooks';

describe('MemoryNavigationService', () => {
  it('starts at the initial path and query and emits navigations', () => {
    const nav = new MemoryNavigationService('/login?returnUrl=%2Fgluon');
    expect(nav.path()).toBe('/login');
    expect(nav.search()).toBe('returnUrl=%2Fgluon');
    const paths: string[] = [];
    const sub = nav.path$.subscribe((p) => paths.push(p));
    nav.navigate('/gluon/upload?x=1');
    nav.navigate('/gluon/upload?x=2'); // same path: path$ stays quiet
    sub.unsubscribe();
    expect(paths).toEqual(['/login', '/gluon/upload']);
    expect(nav.search()).toBe('x=2');
    expect(nav.entries).toEqual(['/login?returnUrl=%2Fgluon', '/gluon/upload?x=1', '/gluon/upload?x=2']);
  });

  it('replace swaps the last entry and assign records external URLs', () => {
    const nav = new MemoryNavigationService('/a');
    nav.navigate('/b', { replace: true });
    nav.assign('https://idp.example/logout');
    expect(nav.entries).toEqual(['/b']);
    expect(nav.assigned).toEqual(['https://idp.example/logout']);
    expect(nav.path()).toBe('/a'.replace('a', 'b'));
  });
});

describe('BrowserNavigationService', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('follows its own navigations, direct pushState calls and popstate', () => {
    history.replaceState(null, '', '/start');
    const nav = new BrowserNavigationService();
    const seen: string[] = [];
    const sub = nav.path$.subscribe((p) => seen.push(p));
    nav.navigate('/gluon?tab=1');
    expect(window.location.pathname).toBe('/gluon');
    expect(nav.search()).toBe('tab=1');
    history.pushState(null, '', '/elsewhere');
    history.replaceState(null, '', '/replaced');
    // Back button: the browser changes the URL, then fires popstate.
    window.history.replaceState(null, '', '/back');
    window.dispatchEvent(new PopStateEvent('popstate'));
    sub.unsubscribe();
    expect(seen).toEqual(['/start', '/gluon', '/elsewhere', '/replaced', '/back']);
  });
});

describe('wouter hooks driven by the NavigationService', () => {
  function Search() {
    return <span data-testid="search">{useSearch()}</span>;
  }

  it('routes from the service and navigates through it', () => {
    const nav = new MemoryNavigationService('/login?returnUrl=x');
    render(
      <Router hook={createNavigationLocationHook(nav)} searchHook={createNavigationSearchHook(nav)}>
        <Switch>
          <Route path="/login">
            <span>login page</span>
            <Search />
            <Link href="/gluon">go</Link>
          </Route>
          <Route path="/gluon">gluon page</Route>
        </Switch>
      </Router>,
    );
    expect(screen.getByText('login page')).toBeTruthy();
    expect(screen.getByTestId('search').textContent).toBe('returnUrl=x');
    act(() => screen.getByText('go').click());
    expect(nav.path()).toBe('/gluon');
    expect(screen.getByText('gluon page')).toBeTruthy();
    act(() => nav.navigate('/login?returnUrl=y'));
    expect(screen.getByTestId('search').textContent).toBe('returnUrl=y');
  });
});
