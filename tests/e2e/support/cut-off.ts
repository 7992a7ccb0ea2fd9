import type { Page } from '@playwright/test';

/**
 * Every piece of visible text on the page that is cut off, described for the report: text whose
 * element is narrower (or lower) than its text and clips it (an ellipsis, `overflow: hidden`), or
 * text that runs past the edge of an ancestor that clips it, or past the side of the viewport.
 * Text out of sight altogether (a collapsed panel, a closed menu) is not cut; neither is text in a
 * box that scrolls (a wide table one can swipe), nor a screen-reader-only label (a 1 px clipped
 * box). Form fields' values are left aside: a field scrolls its own text.
 */
export function cutOffText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SLACK = 1; // sub-pixel rounding
    const found: string[] = [];
    const seen = new Set<Element>();
    const describe = (element: Element, text: string, why: string) => {
      const label = element.tagName.toLowerCase() + (element.getAttribute('class') ? `.${element.classList[0]}` : '');
      return `${label} "${text.replace(/\s+/g, ' ').trim().slice(0, 60)}" ${why}`;
    };
    const clipsX = (style: CSSStyleDeclaration) => style.overflowX === 'hidden' || style.overflowX === 'clip';
    const clipsY = (style: CSSStyleDeclaration) => style.overflowY === 'hidden' || style.overflowY === 'clip';
    const scrolls = (style: CSSStyleDeclaration) =>
      ['auto', 'scroll'].includes(style.overflowX) || ['auto', 'scroll'].includes(style.overflowY);
    const visuallyHidden = (element: Element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const rect = node.getBoundingClientRect();
        const style = getComputedStyle(node);
        if (rect.width <= 1 && rect.height <= 1 && (clipsX(style) || style.clip !== 'auto')) return true;
        if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
      }
      return false;
    };

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const element = node.parentElement;
      if (!text.trim() || !element || seen.has(element)) continue;
      if (element.closest('input, textarea, select, svg, script, style, noscript, template')) continue;
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || style.display === 'none') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (visuallyHidden(element)) continue;

      // The text's own element clips it (an ellipsis, a fixed width with overflow hidden, a line clamp).
      if (
        (clipsX(style) && element.scrollWidth > element.clientWidth + SLACK) ||
        (clipsY(style) && element.scrollHeight > element.clientHeight + SLACK && style.display !== 'inline')
      ) {
        seen.add(element);
        found.push(
          describe(
            element,
            text,
            `is cut: ${element.scrollWidth}×${element.scrollHeight} of text in a ${element.clientWidth}×${element.clientHeight} box`,
          ),
        );
        continue;
      }

      // An ancestor clips it: the text crosses the ancestor's edge (partly in sight, partly not).
      let cut = '';
      let hidden = false;
      let scroller = false;
      for (
        let ancestor = element.parentElement;
        ancestor && ancestor !== document.documentElement;
        ancestor = ancestor.parentElement
      ) {
        const ancestorStyle = getComputedStyle(ancestor);
        if (scrolls(ancestorStyle)) {
          scroller = true;
          break;
        }
        const x = clipsX(ancestorStyle);
        const y = clipsY(ancestorStyle);
        if (!x && !y) continue;
        const rect = ancestor.getBoundingClientRect();
        const left = rect.left + ancestor.clientLeft;
        const top = rect.top + ancestor.clientTop;
        const right = left + ancestor.clientWidth;
        const bottom = top + ancestor.clientHeight;
        const outside =
          (x && (box.right <= left || box.left >= right)) || (y && (box.bottom <= top || box.top >= bottom));
        if (outside) {
          hidden = true;
          break;
        }
        const crosses =
          (x && (box.left < left - SLACK || box.right > right + SLACK)) ||
          (y && (box.top < top - SLACK || box.bottom > bottom + SLACK));
        if (crosses) {
          cut = `is clipped by ${ancestor.tagName.toLowerCase()}${ancestor.classList[0] ? `.${ancestor.classList[0]}` : ''}`;
          break;
        }
      }
      if (hidden) continue;
      // Wholly off to one side is out of sight (a skip link), not cut; across the edge is.
      const offScreen = box.right <= 0 || box.left >= window.innerWidth;
      if (!cut && !scroller && !offScreen && (box.left < -SLACK || box.right > window.innerWidth + SLACK)) {
        cut = `runs past the side of the screen (${Math.round(box.left)}–${Math.round(box.right)} px)`;
      }
      if (cut) {
        seen.add(element);
        found.push(describe(element, text, cut));
      }
    }
    return found;
  });
}

/**
 * Every e-mail address on the page that a line break splits anywhere but after its '@' or a dot
 * ('ada-love' / 'lace@example.com'), described for the report. An address may be an element's
 * whole text, in one text node or in several (components/whole-text.tsx), or part of a sentence;
 * each character's box says where its lines break.
 */
export function emailsBrokenMidWord(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const IN_TEXT = /[^\s@(),;:<>"']+@[^\s@(),;:<>"']+\.[A-Za-z]{2,}/g;
    const found = new Set<string>();
    const report = (characters: { char: string; top: number }[]) => {
      for (let index = 1; index < characters.length; index++) {
        const before = characters[index - 1]!;
        if (characters[index]!.top > before.top + 2 && before.char !== '@' && before.char !== '.') {
          const text = characters.map((character) => character.char).join('');
          found.add(`"${text}" breaks after "${text.slice(0, index)}"`);
          return;
        }
      }
    };
    const box = (node: Node, index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect();
    };
    const candidates = [...document.body.querySelectorAll('*')].filter((element) => {
      const text = (element as HTMLElement).innerText?.trim() ?? '';
      // The smallest element whose text is one address (not one of its pieces).
      return (
        EMAIL.test(text) && ![...element.children].some((child) => (child as HTMLElement).innerText?.trim() === text)
      );
    });
    for (const element of candidates) {
      const characters: { char: string; top: number }[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let index = 0; index < text.length; index++) {
          if (!text[index]!.trim()) continue;
          const rect = box(node, index);
          if (rect.width === 0 && rect.height === 0) continue;
          characters.push({ char: text[index]!, top: Math.round(rect.top) });
        }
      }
      report(characters);
    }
    // An address inside a sentence ('Remove ada@example.com from …'), in one text node.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(IN_TEXT)) {
        const characters: { char: string; top: number }[] = [];
        for (let index = match.index; index < match.index + match[0].length; index++) {
          const rect = box(node, index);
          if (rect.width <= 1 && rect.height <= 1) continue;
          characters.push({ char: text[index]!, top: Math.round(rect.top) });
        }
        report(characters);
      }
    }
    return [...found];
  });
}
