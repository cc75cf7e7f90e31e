import { describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)('the Data catalog screen in Chromium', () => {
  const app = useServedApp({ seed: [] });

  it('lists the sources before a search, then finds a business term as a card with its physical name, source and phase', async () => {
    const { page, problems } = await openScreen(app, 'catalog');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBeGreaterThan(8);
    // A plain sentence first; the formula only on request.
    expect(await visibleText(page.locator('.phase-plain'))).toBe('Finds fields by their business name and by meaning; exact business terms always rank first.');
    expect(await page.getByText(/× keyword score/).isVisible()).toBe(false);
    await page.getByText('How results are ranked').click();
    expect(await visibleText(page.locator('.phase'))).toContain('Phase 2 · hybrid');
    await page.locator('body').press('/');
    await page.keyboard.type('saldo vencido');
    const results = page.getByRole('list', { name: 'Catalog fields found' });
    const first = results.getByRole('listitem').first();
    expect(await visibleText(first.getByRole('heading'))).toBe('Saldo vencido');
    expect(await visibleText(first.locator('code'))).toBe('CRT_SALDO_VENCIDO_MN');
    expect(await visibleText(first.locator('dd').nth(1))).toMatch(/\(\w+\)/);
    // No bare score among the field's facts: the badge says how close it is; the number that orders the list is on request.
    expect(await first.locator('dt').allTextContents()).toEqual(['Physical name', 'Source']);
    const ranking = first.locator('details.ranking-details');
    expect(await ranking.locator('p').isVisible()).toBe(false);
    await ranking.locator('summary').click();
    expect(await visibleText(ranking.locator('p'))).toMatch(/^Match score \d+(\.\d{1,3})?\. The fields are listed by this score, highest first/);
    // Its tribal notes apply only when the query says so.
    expect(await first.getByRole('complementary').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('attaches a tribal note when the query meets its condition', async () => {
    const { page, problems } = await openScreen(app, 'catalog');
    await page.getByLabel('Search business terms and fields').fill('saldo vencido hipotecario');
    const card = page.getByRole('list', { name: 'Catalog fields found' }).getByRole('article', { name: 'Saldo vencido' });
    const notes = card.getByRole('complementary', { name: 'Tribal notes that apply' });
    expect(await visibleText(notes)).toContain('30 días');
    // Each note says why it applies: the words of the question that meet its condition.
    expect(await visibleText(notes.locator('li').filter({ hasText: '30 días' }))).toMatch(/applies because your question mentions “hipotecario/);
    await saveScreenshot(page, 'catalog-tribal-note-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("searches an English question in the catalog's Spanish too and says so (screenshot)", async () => {
    const { page, problems } = await openScreen(app, 'catalog');
    await page.getByLabel('Search business terms and fields').fill('which clients are PEPs');
    const first = page.getByRole('list', { name: 'Catalog fields found' }).getByRole('listitem').first();
    expect(await visibleText(first.getByRole('heading'))).toBe('Indicador de persona expuesta políticamente (PEP)');
    expect(await visibleText(page.locator('[data-code="translated"]'))).toBe(
      'The catalog is written in Spanish, so this was also searched as "cliente pep persona expuesta políticamente" (clients → cliente, PEPs → pep persona expuesta políticamente).',
    );
    expect(await page.locator('[data-code="weak_matches"]').count()).toBe(0);
    await saveScreenshot(page, 'catalog-english-question');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists the notes that do not apply folded, each with what a question would mention, and copies a physical name', async () => {
    const { page, problems } = await openScreen(app, 'catalog');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByLabel('Search business terms and fields').fill('saldo vencido');
    const card = page.getByRole('list', { name: 'Catalog fields found' }).getByRole('article', { name: 'Saldo vencido' });
    const others = card.locator('details.other-notes');
    expect(await visibleText(others.locator('summary'))).toMatch(/^\d+ other notes? on this field/);
    expect(await others.locator('li').first().isVisible()).toBe(false);
    await others.locator('summary').click();
    expect(await visibleText(others.locator('li').filter({ hasText: '30 días' }))).toMatch(/applies when a question mentions .*“hipotecario”/);
    await card.getByRole('button', { name: 'Copy CRT_SALDO_VENCIDO_MN' }).click();
    expect(await visibleText(card.getByRole('status'))).toBe('Copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('CRT_SALDO_VENCIDO_MN');
    await expectAccessible(page, 'catalog notes (en)');
    await saveScreenshot(page, 'catalog-other-notes-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('in Spanish, opens with the plain sentence and says in Spanish why a tribal note applies (screenshot)', async () => {
    const { page, problems } = await openScreen(app, 'catalog', { locale: 'es-ES' });
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(await visibleText(page.locator('.phase-plain'))).toBe('Encuentra campos por su nombre de negocio y por su significado; los términos de negocio exactos siempre van primero.');
    expect(await page.getByText(/× puntuación por palabras/).isVisible()).toBe(false);
    await page.getByLabel('Buscar términos de negocio y campos').fill('saldo vencido hipotecario');
    const card = page.getByRole('list', { name: 'Campos del catálogo encontrados' }).getByRole('article', { name: 'Saldo vencido' });
    const notes = card.getByRole('complementary', { name: 'Notas tribales que aplican' });
    const note = notes.locator('li').filter({ hasText: '30 días' });
    expect(await visibleText(note)).toMatch(/— se aplica porque su pregunta menciona «hipotecario»\.$/);
    expect(await visibleText(notes)).not.toMatch(/applies|because/);
    // The morosidad note's condition is not met: it is not among the notes that apply, only among the folded others.
    expect(await notes.locator('li').filter({ hasText: 'morosidad' }).count()).toBe(0);
    await expectAccessible(page, 'catalog tribal note (es-ES)');
    await saveScreenshot(page, 'catalog-tribal-note-es');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('in Spanish, lists the notes that do not apply folded until asked for, each with what a question would mention (screenshot while folded)', async () => {
    const { page, problems } = await openScreen(app, 'catalog', { locale: 'es-ES' });
    await page.getByLabel('Buscar términos de negocio y campos').fill('saldo vencido');
    const card = page.getByRole('list', { name: 'Campos del catálogo encontrados' }).getByRole('article', { name: 'Saldo vencido' });
    const others = card.locator('details.other-notes');
    expect(await visibleText(others.locator('summary'))).toBe('2 notas más de este campo (no se aplican a esta pregunta)');
    expect(await card.getByRole('complementary', { name: 'Notas tribales que aplican' }).count()).toBe(0);
    expect(await others.locator('li').count()).toBe(2);
    for (const item of await others.locator('li').all()) expect(await item.isVisible()).toBe(false);
    await saveScreenshot(page, 'catalog-other-notes-es');
    await others.locator('summary').click();
    expect(await visibleText(others.locator('li').filter({ hasText: '30 días' }))).toMatch(/— se aplica cuando una pregunta menciona .*«hipotecario»/);
    expect(await visibleText(others.locator('li').filter({ hasText: 'morosidad' }))).toMatch(/— se aplica cuando una pregunta menciona .*«morosidad»/);
    await expectAccessible(page, 'catalog other notes (es-ES)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works in Spanish and has no accessibility violations (screenshots in both languages)', async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const spanish = locale === 'es-ES';
      const { page, problems } = await openScreen(app, 'catalog', { locale });
      await page.getByRole('table').waitFor();
      await expectAccessible(page, `catalog sources (${locale})`);
      await page.getByLabel(spanish ? 'Buscar términos de negocio y campos' : 'Search business terms and fields').fill('tasa de interés');
      await page
        .getByRole('list', { name: spanish ? 'Campos del catálogo encontrados' : 'Catalog fields found' })
        .getByRole('listitem')
        .first()
        .waitFor();
      await expectAccessible(page, `catalog results (${locale})`);
      await saveScreenshot(page, `catalog-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
