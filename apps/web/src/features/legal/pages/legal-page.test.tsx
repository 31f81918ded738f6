import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/testing/render';
import { privacyPolicy, termsOfService } from '../legal-content';
import { PrivacyPage, TermsPage } from './legal-page';

describe('legal pages', () => {
  it.each([
    ['/terms', <TermsPage key="t" />, termsOfService],
    ['/privacy', <PrivacyPage key="p" />, privacyPolicy],
  ])('%s shows its title and every section', (path, element, document) => {
    renderRoutes([{ path, element }], { at: path });
    expect(screen.getByRole('heading', { level: 1, name: document.title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(document.sections.length);
  });
});
