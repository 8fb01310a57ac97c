import { describe, expect, it } from 'vitest';
import { adminPages } from './components/shell/nav';
import { pageTitle } from './title';

describe('pageTitle', () => {
  it('names the public page and the site', () => {
    expect(pageTitle('/pricing')).toBe('Pricing · Polyglot');
    expect(pageTitle('/contact/')).toBe('Contact · Polyglot');
    expect(pageTitle('/nowhere')).toBe('Page not found · Polyglot');
  });
  it('names each admin screen and the dashboard', () => {
    expect(pageTitle('/admin')).toBe('Dashboard · Polyglot');
    expect(pageTitle('/admin/tickets')).toBe('Support Tickets · Dashboard');
    const titles = adminPages.map((p) => pageTitle(p.to));
    expect(new Set(titles).size).toBe(adminPages.length);
  });
});
