import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../main/paths.js';
import { browserAvailable, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)("the Clinical KB screen on the user's own documents", () => {
  const app = useServedApp({ seed: [], kbDocuments: join(packageRoot(), 'kb', 'eval', 'user-docs-2') });

  for (const locale of ['en-US', 'es-ES'] as const) {
    const spanish = locale === 'es-ES';
    it(`says why it does not answer what a clinic document reads close to but does not say (${locale})`, async () => {
      const { page, problems } = await openScreen(app, 'kb', { locale });
      const ask = async (question: string) => {
        await page.getByLabel(spanish ? 'Su pregunta' : 'Your question').fill(question);
        await page
          .getByRole('button', { name: spanish ? 'Preguntar' : 'Ask', exact: true })
          .last()
          .click();
        const answer = page.getByRole('article', { name: spanish ? /Respuesta|Sin respuesta/ : /Answer|No answer/ });
        await answer.waitFor({ timeout: 60_000 });
        await page.waitForFunction((text) => document.querySelector('article.answer')?.textContent?.includes(text) ?? false, spanish ? 'festivo' : 'public holiday', { timeout: 60_000 });
        return answer;
      };
      const holiday = await ask(
        spanish ? '¿Qué pasa con la consulta de anticoagulación de los martes si cae en festivo?' : 'What happens to the Tuesday anticoagulation clinic when it falls on a public holiday?',
      );
      expect(await holiday.getAttribute('data-refused')).toBe('true');
      expect(await visibleText(holiday)).toContain(
        spanish ? 'La pregunta depende de un festivo, y ningún documento sobre este tema habla de ello.' : 'The question turns on a public holiday, and no document on this topic speaks of it.',
      );
      expect(await visibleText(holiday)).toContain('Anticoagulation Clinic: Patient Visits');
      expect(await visibleText(page.locator('article.answer .banner-info'))).toContain(
        spanish ? 'Las fichas más cercanas tratan este tema, pero ninguna dice lo que se pregunta' : 'The closest cards are on this topic but none says what the question asks',
      );
      // The cards read relevant; the lead says none says what was asked, not that they are below the bar.
      const lead = page.getByRole('region', { name: spanish ? 'En qué medida responden las fichas' : 'How well the cards answer this' });
      expect(await visibleText(lead)).toMatch(
        spanish
          ? /Las fichas tratan este tema \(\d+ % de probabilidad\), pero ninguna dice lo que se pregunta/
          : /The cards are on this topic \(\d+% likely relevant\), but none says what the question asks/,
      );
      await saveScreenshot(page, `kb-own-document-holiday-${spanish ? 'es' : 'en'}`);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});

describe.runIf(enabled)("the Clinical KB screen refusing a detail the clinic's documents leave out (2026-12-07)", () => {
  const app = useServedApp({ seed: [], kbDocuments: join(packageRoot(), 'kb', 'eval', 'user-docs-11') });

  it('says no document gives an age for ear irrigation, in Spanish (a detail new to the contract passes the screen’s checks)', async () => {
    const { page, problems } = await openScreen(app, 'kb', { locale: 'es-ES' });
    await page.getByLabel('Su pregunta').fill('Una madre pregunta si le podemos lavar los oídos a su hijo de 4 años. ¿Desde qué edad lo hacemos aquí?');
    await page.getByRole('button', { name: 'Preguntar', exact: true }).last().click();
    const answer = page.getByRole('article', { name: /Respuesta|Sin respuesta/ });
    await answer.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('article.answer')?.textContent?.includes('edad') ?? false, undefined, { timeout: 60_000 });
    expect(await answer.getAttribute('data-refused')).toBe('true');
    expect(await visibleText(answer)).toContain('Las fichas sobre este tema no dan ninguna edad para ello.');
    expect(await visibleText(answer)).toContain('Ear Care and Irrigation Clinic');
    await saveScreenshot(page, 'kb-own-document-age-es');
    expect(problems).toEqual([]);
    await page.close();
  });
});
