import { describe, expect, it } from 'vitest';
import type { DiaryDay } from '../../shared/contract.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)('the Ask your log screen in Chromium', () => {
  const app = useServedApp();

  it('answers the sodium question with highlighted figures, each linked to the context row it came from, and the figure equals the diary view', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.locator('body').press('Control+k');
    await page.keyboard.type('Which foods gave me the most sodium in the last two weeks?');
    await page.keyboard.press('Enter');
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getAttribute('data-trusted')).toBe('true');

    // The first sodium figure of the answer, and the diary entry the first citation points at.
    const figure = answer.locator('.answer-text a.figure-verified').filter({ hasText: /mg$/ }).first();
    const figureText = (await figure.textContent()) ?? '';
    const milligrams = Number(figureText.replace(/[^\d.]/g, ''));
    const firstCitation = answer.locator('.citations li').first();
    const date = (await firstCitation.getAttribute('data-date')) as string;
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The citation writes that day as the reader does, "29 Nov 2026".
    expect(await firstCitation.textContent()).toContain(new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)));
    const day = await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date });
    const sodiumOfEntries = day.meals.flatMap((meal) => meal.entries.map((entry) => entry.nutrients.sodium ?? Number.NaN));
    expect(
      sodiumOfEntries.some((value) => Math.abs(value - milligrams) < 0.05),
      `${figureText} on ${date}`,
    ).toBe(true);

    // Counts and lengths of time ("14 days", "in 2 entries") are not highlighted as figures; amounts are.
    const highlighted = await answer.locator('.answer-text mark').allTextContents();
    expect(highlighted.length).toBeGreaterThan(0);
    expect(highlighted.filter((text) => !/(mg|g|kcal)$/.test(text))).toEqual([]);
    expect(await visibleText(answer.locator('.answer-text'))).toMatch(/\(14 days/);

    // The context is collapsed until a figure is followed; then the row that holds it has the focus.
    expect(await answer.locator('.context-table').count()).toBe(0);
    await figure.click();
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('data-line')).not.toBeNull();
    // The row shows the cell in the reader's format: "1,088.0 mg" in the answer is "1,088" in the table.
    expect(await focused.textContent()).toContain(figureText.replace(/\s*mg$/, '').replace(/\.0$/, ''));
    expect(await focused.getAttribute('class')).toContain('context-cited');
    // Friendly headers and sections, in words, not `sodium_mg` or `date_from`.
    const headers = await answer.locator('.context-table thead th').allTextContents();
    expect(headers).toContain('Sodium (mg)');
    expect(headers).not.toContain('sodium_mg');
    expect(headers).not.toContain('date_from');
    expect(await answer.locator('.context-table caption').allTextContents()).toContain('Daily totals');
    expect(
      await answer
        .locator('.context-table thead th')
        .first()
        .evaluate((cell) => getComputedStyle(cell).position),
    ).toBe('sticky');

    expect(await visibleText(answer.getByRole('region', { name: 'What was looked up' }))).toMatch(/Sodium/);
    expect(await answer.locator('.citations li').count()).toBeGreaterThan(0);
    expect(await visibleText(answer.getByRole('note'))).toBe('Answer composed by offline rules (no AI) from your diary rows; check it in Diary (Day and Trends tabs).');
    await saveScreenshot(page, 'ask-sodium-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows an answer with a figure the context does not hold as not verified, and marks that figure', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    // The offline composer only writes figures it read, so the grounding failure an LLM could cause is
    // simulated on the wire: the real answer, with its first figure reported as not found in the context.
    let unverifiedText = '';
    await page.route('**/api/ask', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        value: { grounding: { figures: { text: string; verified: boolean; context_lines: number[] }[]; verified: number; unverified: number; trusted: boolean } };
      };
      const grounding = body.value.grounding;
      const first = grounding.figures[0] as (typeof grounding.figures)[number];
      unverifiedText = first.text;
      Object.assign(first, { verified: false, context_lines: [] });
      Object.assign(grounding, { verified: grounding.verified - 1, unverified: grounding.unverified + 1, trusted: false });
      await route.fulfill({ response, json: body });
    });
    await page.getByRole('button', { name: 'Which foods gave me the most sodium in the last two weeks?' }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getAttribute('data-trusted')).toBe('false');
    expect(await visibleText(answer.getByRole('alert'))).toContain('Not verified: 1 figure');
    expect(await answer.locator('mark.figure-unverified').count()).toBe(1);
    expect(await answer.locator('mark.figure-unverified').textContent()).toBe(unverifiedText);
    await saveScreenshot(page, 'ask-untrusted-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says when the period asked for was cut to 92 days', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.getByLabel('Question about your diary').fill('How much sodium did I eat in the last 6 months?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: /Answer|No answer/ });
    await answer.waitFor({ timeout: 30_000 });
    expect(await visibleText(answer.locator('[data-code="clamped"]'))).toContain('longer than 92 days');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('asks in Spanish and answers with highlighted figures and the Spanish disclaimer; no accessibility violations in either language', async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const spanish = locale === 'es-ES';
      const { page, problems } = await openScreen(app, 'ask', { locale });
      await page.getByRole('button', { name: spanish ? '¿Qué alimentos me aportaron más sodio en las últimas dos semanas?' : 'Which foods gave me the most sodium in the last two weeks?' }).click();
      const answer = page.getByRole('article', { name: spanish ? 'Respuesta' : 'Answer' });
      await answer.waitFor({ timeout: 30_000 });
      expect(await answer.locator('a.figure-verified').count()).toBeGreaterThan(0);
      if (spanish)
        expect(await visibleText(answer.getByRole('note'))).toBe(
          'Respuesta compuesta por reglas sin conexión (sin IA) a partir de las filas de su diario; compruébela en Diario (pestañas Día y Tendencias).',
        );
      await answer.locator('a.figure-verified').first().click();
      await expectAccessible(page, `ask (${locale})`);
      await saveScreenshot(page, `ask-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  for (const locale of ['en-US', 'es-ES'] as const) {
    const spanish = locale === 'es-ES';
    it(`highlights only the amounts, opens the context folded with column names in words and the reader's dates and numbers, and keeps its headers in view while it scrolls (${locale}, screenshot)`, async () => {
      const { page, problems } = await openScreen(app, 'ask', { locale });
      await page.getByRole('button', { name: spanish ? '¿Qué alimentos me aportaron más sodio en las últimas dos semanas?' : 'Which foods gave me the most sodium in the last two weeks?' }).click();
      const answer = page.getByRole('article', { name: spanish ? 'Respuesta' : 'Answer' });
      await answer.waitFor({ timeout: 30_000 });
      const highlighted = await answer.locator('.answer-text mark').allTextContents();
      expect(highlighted.length).toBeGreaterThan(0);
      // Amounts with their unit only: never a count of days or entries, never a date.
      expect(highlighted.filter((text) => !/\d (mg|g|kcal)$/.test(text))).toEqual([]);
      expect(await answer.locator('.context-table').count()).toBe(0);

      await answer.locator('a.figure-verified').first().click();
      await answer.locator('.context-table thead th').first().waitFor();
      const headers = await answer.locator('.context-table thead th').allTextContents();
      expect(headers).toContain(spanish ? 'Sodio (mg)' : 'Sodium (mg)');
      expect(headers.filter((header) => /_/.test(header))).toEqual([]);
      expect(await answer.locator('.context-table caption').allTextContents()).toContain(spanish ? 'Totales diarios' : 'Daily totals');
      // Days as the reader writes them ("29 nov 2026"), never 2026-11-29; numbers with the reader's separators.
      const cells = (await answer.locator('.context-table tbody td').allTextContents()).join(' | ');
      expect(cells).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(cells).toMatch(spanish ? /\d{1,2} \p{L}{3,4}\.? \d{4}/u : /\d{1,2} \p{L}{3} \d{4}/u);
      expect(cells).toMatch(spanish ? /\d,\d/ : /\d\.\d/);

      // Scrolled halfway through its longest table, that table's header row stays at the top of the scrolled box.
      const stuck = await answer.locator('.context-tables').evaluate((box: HTMLElement) => {
        const tables = Array.from(box.querySelectorAll('table'));
        const longest = tables.reduce((best, table) => (table.offsetHeight > best.offsetHeight ? table : best));
        box.scrollTop = longest.offsetTop - box.offsetTop + longest.offsetHeight / 2 - box.clientHeight / 4;
        const header = longest.querySelector('thead th') as HTMLElement;
        return { scrolled: box.scrollTop, tallerThanBox: longest.offsetHeight > box.clientHeight / 2, gap: Math.abs(header.getBoundingClientRect().top - box.getBoundingClientRect().top) };
      });
      expect(stuck.scrolled).toBeGreaterThan(0);
      expect(stuck.tallerThanBox).toBe(true);
      expect(stuck.gap).toBeLessThanOrEqual(2);
      await saveScreenshot(page, `ask-context-scrolled-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('takes a question only once the profile is known: one asked before the profile list arrived was answered from the empty default profile', async () => {
    const whileHeld = { field: -1, status: '' };
    const { page, problems } = await openScreen(app, 'ask', {
      beforeOpen: async (opened) => {
        // The profile list is held back until the Ask screen is open, and the screen is looked at meanwhile.
        await opened.route(
          '**/api/profiles.list',
          async (route) => {
            await opened.waitForFunction(() => location.hash === '#/ask');
            whileHeld.field = await opened.getByLabel('Question about your diary').count();
            whileHeld.status = await visibleText(opened.locator('main').getByRole('status'));
            await route.continue();
          },
          { times: 1 },
        );
      },
    });
    expect(whileHeld).toEqual({ field: 0, status: 'Loading…' });
    await page.getByLabel('Question about your diary').fill('How much fat did I eat last week?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await visibleText(answer.locator('.answer-text'))).toMatch(/^Fat from \d{1,2} \p{L}{3} \d{4} to /u);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers a Spanish question typed on the English screen in Spanish, with decimal commas', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.getByLabel('Question about your diary').fill('¿Cuánta grasa comí la semana pasada?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    const text = answer.locator('.answer-text');
    expect(await text.getAttribute('lang')).toBe('es');
    // Its days are written as its Spanish reader writes them, like its decimal commas ("23 nov 2026", not 2026-11-23).
    expect(await visibleText(text)).toMatch(/^Grasa del \d{1,2} \p{L}{3,4}\.? \d{4} al \d{1,2} \p{L}{3,4}\.? \d{4}/u);
    expect(await visibleText(text)).toMatch(/\d,\d g/);
    expect(await answer.getAttribute('data-trusted')).toBe('true');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the meal and the every-entry plan of "what did I eat for dinner yesterday?"', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.getByLabel('Question about your diary').fill('What did I eat for dinner yesterday?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    const plan = await visibleText(answer.getByRole('region', { name: 'What was looked up' }));
    expect(plan).toMatch(/Meals\s*Dinner/);
    expect(plan).toMatch(/Per-entry detail\s*every entry/);
    expect(await answer.locator('.citations li[data-kind="diary-entry"]').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'ask-dinner-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('explains a nutrient cita does not track, with no figures and no "try other words"', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.getByLabel('Question about your diary').fill('How much vitamin K did I get last week?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: 'No answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await visibleText(answer.locator('.answer-text'))).toMatch(/^cita does not track vitamin K/);
    expect(await visibleText(answer.locator('[data-refusal="untracked_nutrient"]'))).toContain('Ask about one it tracks');
    expect(await visibleText(answer)).not.toContain('Try other words');
    expect(await visibleText(answer.getByRole('region', { name: 'What was looked up' }))).toMatch(/Not honoured\s*vitamin K: not tracked/);
    expect(await answer.locator('mark.figure').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
  it('refuses advice and someone else’s eating with their own sentence and no figure, and still answers the same words about the log (screenshot)', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.getByLabel('Question about your diary').fill('What should I eat for dinner tonight?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const refused = page.getByRole('article', { name: 'No answer' });
    await refused.waitFor({ timeout: 30_000 });
    expect(await visibleText(refused.locator('.answer-text'))).toMatch(/^"Ask your log" answers from the entries of your diary.*It does not advise what to eat/);
    expect(await refused.locator('mark.figure').count()).toBe(0);
    // Nothing was looked up, and the plan does not pretend a period and every nutrient were.
    const lookedUp = await visibleText(refused.getByRole('region', { name: 'What was looked up' }));
    expect(lookedUp).toMatch(/Nothing: the question was not read as one your diary’s entries answer\.\s*Not honoured\s*the question asks for advice/);
    expect(lookedUp).not.toMatch(/Period|Nutrients/);
    await saveScreenshot(page, 'ask-advice-refused-en');

    await page.getByLabel('Question about your diary').fill('¿Qué comió mi marido ayer en la cena?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByText('Su diario solo guarda sus propias entradas en este perfil').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('article', { name: 'No answer' }).locator('mark.figure').count()).toBe(0);

    await page.getByLabel('Question about your diary').fill('What did I eat for dinner yesterday?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.locator('.citations li[data-kind="diary-entry"]').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers a question about one food with that food’s entries, and says so when no entry has the name', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.getByLabel('Question about your diary').fill('How many eggs did I eat last week?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    expect(await visibleText(answer.getByRole('region', { name: 'What was looked up' }))).toMatch(/Foods named\s*eggs/);
    const labels = await answer.locator('.citations li[data-kind="diary-entry"]').allInnerTexts();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/Egg, /);
    expect(await answer.getAttribute('data-trusted')).toBe('true');
    await saveScreenshot(page, 'ask-food-en');

    await page.getByLabel('Question about your diary').fill('How much xqzzv did I eat this week?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const refused = page.getByRole('article', { name: 'No answer' });
    await refused.waitFor({ timeout: 30_000 });
    expect(await visibleText(refused.locator('.answer-text'))).toMatch(/is of a food whose name says "xqzzv"/);
    expect(await visibleText(refused.locator('[data-refusal="no_food_entries"]'))).toContain('not by kind');
    expect(await refused.locator('mark.figure').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('compares one food between two periods, each line that food’s, with both periods in what was looked up', async () => {
    const { page, problems } = await openScreen(app, 'ask');
    await page.getByLabel('Question about your diary').fill('Did I eat more chicken this month than last month?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.getByRole('article', { name: 'Answer' });
    await answer.waitFor({ timeout: 30_000 });
    const lookedUp = await visibleText(answer.getByRole('region', { name: 'What was looked up' }));
    expect(lookedUp).toMatch(/Foods named\s*chicken/);
    expect(lookedUp).toMatch(/Compared with/);
    const text = await visibleText(answer.locator('.answer-text'));
    expect(text).toMatch(/^Foods whose name says "chicken", in two periods\./);
    const labels = await answer.locator('.citations li[data-kind="diary-entry"]').allInnerTexts();
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(/Chicken, /);
    expect(await answer.getAttribute('data-trusted')).toBe('true');
    await saveScreenshot(page, 'ask-food-comparison-en');
    expect(problems).toEqual([]);
    await page.close();
  });
});
