import { describe, expect, it } from 'vitest';
import type { CatalogFieldPage } from '../../shared/contract/catalog.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)("the Data catalog's field and source pages in Chromium", () => {
  const app = useServedApp({ seed: [] });

  for (const locale of ['en-US', 'es-ES'] as const) {
    const spanish = locale === 'es-ES';
    const short = locale.slice(0, 2);
    const words = spanish
      ? {
          search: 'Buscar términos de negocio y campos',
          results: 'Campos del catálogo encontrados',
          field: 'Campo',
          source: 'Fuente',
          copy: 'Copiar CRT_SALDO_VENCIDO_MN',
          copied: 'Copiado',
          notes: 'Notas tribales',
          related: 'Campos relacionados',
          back: '← Volver',
          fieldsOf: 'Campos de Cartera de créditos',
          mentions: /se aplica cuando una pregunta menciona .*«?“?hipotecario/,
        }
      : {
          search: 'Search business terms and fields',
          results: 'Catalog fields found',
          field: 'Field',
          source: 'Source',
          copy: 'Copy CRT_SALDO_VENCIDO_MN',
          copied: 'Copied',
          notes: 'Tribal notes',
          related: 'Related fields',
          back: '← Back',
          fieldsOf: 'Fields of Cartera de créditos',
          mentions: /applies when a question mentions .*“hipotecario”/,
        };

    it(`opens a result's field page and its source's page from the results, and back returns to the same results (${locale})`, async () => {
      const { page, problems } = await openScreen(app, 'catalog', { locale });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.getByLabel(words.search).fill('saldo vencido');
      const results = page.getByRole('list', { name: words.results });
      const card = results.getByRole('article', { name: 'Saldo vencido' });
      await card.getByRole('link', { name: 'Saldo vencido' }).click();

      // The field's page: its physical name with a copy button, definition, type, source, every note, related fields.
      expect(await page.evaluate(() => location.hash)).toBe('#/catalog/field/creditos/CRT_SALDO_VENCIDO_MN');
      const heading = page.getByRole('heading', { level: 2, name: `${words.field} Saldo vencido` });
      await heading.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('catalog-field-title');
      const fieldPage = page.locator('article.catalog-page');
      expect(await visibleText(fieldPage.locator('code').first())).toBe('CRT_SALDO_VENCIDO_MN');
      await fieldPage.getByRole('button', { name: words.copy }).click();
      expect(await visibleText(fieldPage.getByRole('status'))).toContain(words.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('CRT_SALDO_VENCIDO_MN');
      const data = await callApi<CatalogFieldPage>(app, 'catalog.field', { source: 'creditos', physical_name: 'CRT_SALDO_VENCIDO_MN' });
      expect(await visibleText(fieldPage)).toContain(data.definition);
      expect(await visibleText(fieldPage)).toContain(data.data_type);
      const notes = page.getByRole('region', { name: words.notes });
      expect(await notes.locator('li').count()).toBe(data.notes.length);
      expect(await visibleText(notes.locator('li').filter({ hasText: '30 días' }))).toMatch(words.mentions);
      const related = page.getByRole('table', { name: words.related });
      expect(await related.locator('tbody tr').count()).toBe(data.related.length);
      expect(data.related.length).toBeGreaterThan(0);
      await expectAccessible(page, `catalog field page (${locale})`);
      await saveScreenshot(page, `catalog-field-page-${short}`);

      // A related field opens its own page; back returns to this one.
      const other = data.related[0] as CatalogFieldPage['related'][number];
      await related.getByRole('link', { name: other.business_name }).first().click();
      await page.getByRole('heading', { level: 2, name: `${words.field} ${other.business_name}` }).waitFor();
      await page.goBack();
      await heading.waitFor();

      // The source's page: what it is and every field of it, each opening its page.
      await fieldPage.locator('dl.facts').getByRole('link', { name: 'Cartera de créditos' }).click();
      expect(await page.evaluate(() => location.hash)).toBe('#/catalog/source/creditos');
      await page.getByRole('heading', { level: 2, name: `${words.source} Cartera de créditos` }).waitFor();
      const fields = page.getByRole('table', { name: words.fieldsOf });
      expect(await fields.locator('tbody tr').count()).toBe(27);
      expect(await visibleText(fields.locator('tr[data-field="creditos.CRT_DIAS_MORA"]'))).toContain('3');
      await expectAccessible(page, `catalog source page (${locale})`);
      await saveScreenshot(page, `catalog-source-page-${short}`);

      // Back twice: the field's page, then the same results, with the query still in the box.
      await page.goBack();
      await heading.waitFor();
      await page.getByRole('button', { name: words.back }).click();
      await card.waitFor();
      expect(await page.getByLabel(words.search).inputValue()).toBe('saldo vencido');
      expect(await page.evaluate(() => location.hash)).toBe('#/catalog');
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('opens a source page from the list of sources, and says so when a field does not exist', async () => {
    const { page, problems } = await openScreen(app, 'catalog');
    await page.getByRole('link', { name: 'Cartera de créditos' }).click();
    await page.getByRole('heading', { level: 2, name: 'Source Cartera de créditos' }).waitFor();
    await page.evaluate(() => (location.hash = '#/catalog/field/creditos/NO_SUCH_FIELD'));
    expect(await visibleText(page.getByRole('alert'))).toContain('NO_SUCH_FIELD');
    expect(problems).toEqual([]);
    await page.close();
  });
});
