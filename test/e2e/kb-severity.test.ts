import { describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)("the KB answer's severity badge and what-to-do line in Chromium", () => {
  const app = useServedApp({ seed: [] });

  for (const { locale, dark } of [
    { locale: 'en-US', dark: false },
    { locale: 'en-US', dark: true },
    { locale: 'es-ES', dark: false },
    { locale: 'es-ES', dark: true },
  ] as const) {
    const spanish = locale === 'es-ES';
    const name = `${locale}${dark ? ', dark' : ''}`;
    it(`opens a sildenafil-with-nitrates answer with a "Contraindicated" badge and the card's first "What to do" line (${name})`, async () => {
      const { page, problems } = await openScreen(app, 'kb', { locale, colorScheme: dark ? 'dark' : 'light' });
      await page.getByLabel(spanish ? 'Su pregunta' : 'Your question').fill(spanish ? '¿Puede un paciente con nitroglicerina tomar sildenafilo?' : 'Can a patient on nitroglycerin take sildenafil?');
      await page
        .getByRole('button', { name: spanish ? 'Preguntar' : 'Ask', exact: true })
        .last()
        .click();
      const lead = page.getByRole('region', { name: spanish ? 'En qué medida responden las fichas' : 'How well the cards answer this' });
      await lead.waitFor({ timeout: 30_000 });
      expect(await lead.getAttribute('data-severity')).toBe('contraindicated');
      const badge = lead.locator('.severity-badge');
      expect(await visibleText(badge)).toBe(spanish ? 'Contraindicada' : 'Contraindicated');
      expect(await visibleText(lead.locator('.severity-line'))).toContain(spanish ? 'La ficha dice que esta combinación no debe usarse.' : 'The card says this combination must not be used.');
      const action = await visibleText(lead.locator('.action-line'));
      expect(action).toMatch(spanish ? /^Qué hacer:/ : /^What to do:/);
      expect(action).toContain('Check for any nitrate, including as-needed nitroglycerin, before a PDE5 inhibitor is started.');
      expect(action).toContain('Sildenafil and other PDE5 inhibitors with nitrates');
      // The badge and the line come before the answer, which says them only there: the answer's text starts with
      // its quotes (cita's answer opens with the same lead line, which the screen sets aside).
      const order = await page.evaluate(() => {
        const leadBox = document.querySelector('.answer-lead');
        const answerBox = document.querySelector('article.answer');
        return leadBox && answerBox ? leadBox.compareDocumentPosition(answerBox) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
      expect(order).toBeTruthy();
      const answer = page.getByRole('article', { name: spanish ? 'Respuesta' : 'Answer' });
      const answerText = await visibleText(answer.locator('.answer-text'));
      expect(answerText).toMatch(spanish ? /^Citado de la ficha de referencia|^Citado de las fichas de referencia/ : /^Quoted from the reference card/);
      expect(answerText).not.toMatch(spanish ? /Contraindicada|Qué hacer:/ : /Contraindicated|What to do:/);
      expect(
        await page
          .locator('main')
          .getByText(spanish ? /esta combinación no debe usarse/ : /this combination must not be used/)
          .count(),
      ).toBe(1);
      if (spanish) {
        // One word for a card in Spanish, and the translation notice in Spanish.
        expect(await page.locator('main').textContent()).not.toMatch(/tarjeta/i);
        expect(await visibleText(answer.locator('[data-code="translated"]'))).toMatch(/^Las fichas están en inglés, así que también se buscó «.*sildenafil.*» \(.*sildenafilo → sildenafil/);
      }
      await expectAccessible(page, `kb severity (${name})`);
      await saveScreenshot(page, `kb-severity-${locale.slice(0, 2)}${dark ? '-dark' : ''}`);

      // The line's button opens the card it quotes.
      await lead.getByRole('button', { name: /Sildenafil and other PDE5 inhibitors/ }).click();
      const reader = page.getByRole('dialog');
      expect(await visibleText(reader.getByRole('heading', { level: 2 }))).toMatch(/^Sildenafil and other PDE5 inhibitors with nitrates/);
      await page.keyboard.press('Escape');
      await reader.waitFor({ state: 'hidden' });
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('shows no badge for a card without a severity, only its what-to-do line', async () => {
    const { page, problems } = await openScreen(app, 'kb');
    await page.getByLabel('Your question').fill('My patient keeps forgetting his evening doses. What helps?');
    await page.getByRole('button', { name: 'Ask', exact: true }).last().click();
    const lead = page.getByRole('region', { name: 'How well the cards answer this' });
    await lead.waitFor({ timeout: 30_000 });
    expect(await visibleText(lead.locator('.action-line'))).toMatch(/^What to do:/);
    expect(await lead.locator('.severity-badge').count()).toBe(0);
    expect(await lead.getAttribute('data-severity')).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });
});
