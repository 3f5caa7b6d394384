import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render';
import FavoriteItemRoute from './item';

function renderPiece(answer: [number, unknown]) {
  mockApi((_method, url) => {
    if (url.startsWith('/api/favorites/specific/favorite/item?')) return answer;
    return [200, []];
  });
  renderWithApp(
    <Routes>
      <Route
        path="/favorites/outfits/:occasionId/:outfitId/:itemId"
        element={<FavoriteItemRoute />}
      />
    </Routes>,
    { path: '/favorites/outfits/1/2/3' },
  );
}

describe('A favorite piece’s page', () => {
  it('says a piece no longer among the favorites is gone, and leads to them, without a retry', async () => {
    renderPiece([404, { error: { code: 'not_found', message: 'That favorite does not exist.' } }]);
    expect(await screen.findByText('Not among your favorites')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your favorite pieces' })).toHaveAttribute(
      'href',
      '/favorites/categories',
    );
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  });

  it('offers a retry when the piece could not be read', async () => {
    renderPiece([
      500,
      { error: { code: 'internal', message: 'Something went wrong on our side.' } },
    ]);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
