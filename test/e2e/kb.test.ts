import { describe, expect, it } from 'vitest';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)('the Clinical KB screen in Chromium', () => {
  const app = useServedApp({ seed: [] });

  it('asks a question, cites cards with their source and URL, and opens a cited card in the reader', async () => {
    const { page, problems } = await openScreen(app, 'kb');
    expect(await visibleText(page.getByRole('note').first())).toContain('Reference material, not medical advice');
    await page.getByLabel('Your question').fill('What should I watch for when a patient on warfarin takes ibuprofen?');
    await page.getByRole('button', { name: 'Ask', exact: true }).last().click();
    const answer = page.getByRole('article', { name: /Answer|No answer/ });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getAttribute('data-refused')).toBe('false');
    const citation = answer.locator('.citations li[data-kind="kb-card"]').first();
    const source = citation.locator('.citation-source a');
    expect(await source.getAttribute('href')).toMatch(/^https:\/\//);
    const cited = (await citation.locator('.citation-label').textContent()) ?? '';

    await citation.getByRole('button', { name: 'Open card' }).click();
    const reader = page.getByRole('dialog');
    expect(await visibleText(reader.getByRole('heading', { level: 2 }))).toBe(cited);
    expect(await reader.locator('.reader-source a').getAttribute('href')).toBe(await source.getAttribute('href'));
    expect(await reader.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(1);
    await saveScreenshot(page, 'kb-reader-en');
    await page.keyboard.press('Escape');
    await reader.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const { locale, dark } of [
    { locale: 'en-US', dark: false },
    { locale: 'es-ES', dark: true },
  ] as const) {
    const spanish = locale === 'es-ES';
    it(`completes a drug name from the cards, and opens the answer with its relevance and what to do (${locale}${dark ? ', dark' : ''})`, async () => {
      const { page, problems } = await openScreen(app, 'kb', { locale, colorScheme: dark ? 'dark' : 'light' });
      const field = page.getByLabel(spanish ? 'Su pregunta' : 'Your question');
      await field.fill(spanish ? 'paciente con cou' : 'patient on cou');
      const chips = page.getByRole('list', { name: spanish ? 'Medicamentos en las fichas:' : 'Drug names in the cards:' });
      await chips.getByRole('button', { name: /^Coumadin \(warfarin\)$/ }).click();
      expect(await field.inputValue()).toBe(spanish ? 'paciente con Coumadin ' : 'patient on Coumadin ');
      await field.fill(spanish ? 'paciente con Coumadin que toma ibuprofeno, ¿qué vigilar?' : 'patient on Coumadin taking ibuprofen, what to watch for and what do I do');
      await page
        .getByRole('button', { name: spanish ? 'Preguntar' : 'Ask', exact: true })
        .last()
        .click();
      const lead = page.getByRole('region', { name: spanish ? 'En qué medida responden las fichas' : 'How well the cards answer this' });
      await lead.waitFor({ timeout: 30_000 });
      expect(await lead.getAttribute('data-relevance')).toBe('strong');
      // The question asked is complete: its last word ("do") offers no drug names ("doac", "doxazosin").
      expect(await chips.count()).toBe(0);
      expect(await visibleText(lead.locator('.lead-relevance'))).toMatch(spanish ? /Las fichas responden a esta pregunta \(\d+ % de probabilidad/ : /The cards answer this question \(\d+% likely/);
      // The lead comes before the answer.
      const order = await page.evaluate(() => {
        const leadBox = document.querySelector('.answer-lead');
        const answerBox = document.querySelector('article.answer');
        return leadBox && answerBox ? leadBox.compareDocumentPosition(answerBox) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
      expect(order).toBeTruthy();
      const action = await visibleText(lead.locator('.action-line'));
      expect(action).toMatch(spanish ? /^Qué hacer:/ : /^What to do:/);
      expect(action).toContain('Warfarin with NSAIDs');
      await expectAccessible(page, `kb answer lead (${locale}${dark ? ', dark' : ''})`);
      await saveScreenshot(page, `kb-answer-lead-${locale.slice(0, 2)}${dark ? '-dark' : ''}`);

      // Passages read as lists, not as raw "- " lines.
      await page.getByRole('button', { name: spanish ? 'Buscar pasajes' : 'Search passages' }).click();
      await page.getByLabel(spanish ? 'Buscar en las fichas' : 'Search the cards').fill('warfarin ibuprofen talking points');
      const hits = page.getByRole('list', { name: spanish ? 'Pasajes encontrados' : 'Passages found' });
      await hits.getByRole('listitem').first().waitFor();
      expect(await hits.locator('.markdown li').count()).toBeGreaterThan(0);
      const texts = await hits.locator('.markdown').allTextContents();
      expect(texts.some((text) => /(^|\n)- /.test(text))).toBe(false);
      await saveScreenshot(page, `kb-passages-${locale.slice(0, 2)}${dark ? '-dark' : ''}`);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  for (const locale of ['en-US', 'es-ES'] as const) {
    const spanish = locale === 'es-ES';
    it(`completes generic drug names from the cards, and the question they make cites the card about them (${locale})`, async () => {
      const { page, problems } = await openScreen(app, 'kb', { locale });
      const field = page.getByLabel(spanish ? 'Su pregunta' : 'Your question');
      const chips = page.getByRole('list', { name: spanish ? 'Medicamentos en las fichas:' : 'Drug names in the cards:' });
      const start = spanish ? 'paciente con ' : 'patient on ';
      await field.fill(`${start}clopid`);
      await chips.getByRole('button', { name: 'clopidogrel', exact: true }).click();
      expect(await field.inputValue()).toBe(`${start}clopidogrel `);
      const joined = `${start}clopidogrel ${spanish ? 'y' : 'and'} `;
      await field.fill(`${joined}omepr`);
      // On the Spanish screen the Spanish name comes first, the generic beside it.
      const omeprazole = spanish ? 'omeprazol' : 'omeprazole';
      await saveScreenshot(page, `kb-generic-autocomplete-${locale.slice(0, 2)}`);
      await chips.getByRole('button', { name: spanish ? 'omeprazol (omeprazole)' : 'omeprazole', exact: true }).click();
      expect(await field.inputValue()).toBe(`${joined}${omeprazole} `);
      await field.fill(`${joined}${omeprazole}: ${spanish ? '¿es un problema?' : 'is that a problem?'}`);
      await page
        .getByRole('button', { name: spanish ? 'Preguntar' : 'Ask', exact: true })
        .last()
        .click();
      const answer = page.getByRole('article', { name: spanish ? /Respuesta|Sin respuesta/ : /Answer|No answer/ });
      await answer.waitFor({ timeout: 30_000 });
      expect(await answer.getAttribute('data-refused')).toBe('false');
      expect(await visibleText(answer.locator('.citations li[data-kind="kb-card"] .citation-label').first())).toMatch(/^Clopidogrel with omeprazole/);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('searches passages and opens a card from a hit', async () => {
    const { page, problems } = await openScreen(app, 'kb');
    await page.getByRole('button', { name: 'Search passages' }).click();
    await page.getByLabel('Search the cards').fill('tyramine aged cheese');
    const hits = page.getByRole('list', { name: 'Passages found' });
    const first = hits.getByRole('listitem').first();
    expect(await visibleText(first.getByRole('heading'))).toMatch(/MAO inhibitors/);
    await first.getByRole('button', { name: /^Open card/ }).click();
    expect(await visibleText(page.getByRole('dialog').getByRole('heading', { level: 2 }))).toMatch(/MAO inhibitors/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a refusal as such when no card matches and none is similar enough', async () => {
    await callApi(app, 'settings.update', { kb: { min_similarity: 0.99 } });
    try {
      const { page, problems } = await openScreen(app, 'kb');
      await page.getByLabel('Your question').fill('zxqv blorf quux');
      await page.getByRole('button', { name: 'Ask', exact: true }).last().click();
      const refusal = page.getByRole('article', { name: 'No answer' });
      expect(await visibleText(refusal)).toContain('does not guess');
      expect(await refusal.getAttribute('data-refused')).toBe('true');
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await callApi(app, 'settings.update', { kb: { min_similarity: null } });
    }
  });

  it('refuses a question no card answers, naming the uncovered drug and the closest topics (screenshot)', async () => {
    const { page, problems } = await openScreen(app, 'kb');
    await page.getByLabel('Your question').fill("What's the amoxicillin dose for acute otitis media in a 20 kg child?");
    await page.getByRole('button', { name: 'Ask', exact: true }).last().click();
    const refusal = page.getByRole('article', { name: 'No answer' });
    await refusal.waitFor({ timeout: 30_000 });
    const text = await visibleText(refusal);
    expect(text).toContain('has no card that answers this question');
    expect(text).toContain('No card covers amoxicillin');
    expect(text).toContain('Closest topics');
    expect(await refusal.locator('.citations li').count()).toBe(0);
    await saveScreenshot(page, 'kb-refusal-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('marks each passage found by its relevance, and says when none is relevant enough (screenshot)', async () => {
    const { page, problems } = await openScreen(app, 'kb');
    await page.getByRole('button', { name: 'Search passages' }).click();
    await page.getByLabel('Search the cards').fill('ibuprofen with warfarin');
    const hits = page.getByRole('list', { name: 'Passages found' });
    const first = hits.getByRole('listitem').first();
    expect(await visibleText(first.locator('[data-relevance]'))).toBe('Strong match');
    expect(await hits.locator('[data-relevance="none"], [data-relevance="weak"]').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'kb-relevance-en');
    await page.getByLabel('Search the cards').fill('capital of Australia');
    await page.getByText(/No card is relevant enough/).waitFor({ timeout: 30_000 });
    expect(await hits.locator('[data-relevance="strong"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works in Spanish and has no accessibility violations, reader included (screenshots in both languages)', async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const spanish = locale === 'es-ES';
      const { page, problems } = await openScreen(app, 'kb', { locale });
      await page.locator('.library-list').first().waitFor();
      await expectAccessible(page, `kb library (${locale})`);
      await page.getByLabel(spanish ? 'Su pregunta' : 'Your question').fill('How do I recognise serotonin syndrome?');
      await page
        .getByRole('button', { name: spanish ? 'Preguntar' : 'Ask', exact: true })
        .last()
        .click();
      await page.getByRole('article', { name: spanish ? /Respuesta|Sin respuesta/ : /Answer|No answer/ }).waitFor({ timeout: 30_000 });
      await expectAccessible(page, `kb answer (${locale})`);
      await saveScreenshot(page, `kb-${locale.slice(0, 2)}`);
      await page
        .getByRole('button', { name: spanish ? 'Abrir ficha' : 'Open card' })
        .first()
        .click();
      await page.getByRole('dialog').getByRole('heading', { level: 2 }).waitFor();
      await expectAccessible(page, `kb reader (${locale})`);
      await saveScreenshot(page, `kb-reader-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
