/**
 * The blog's category buttons: show only the articles of the chosen category
 * and mark the chosen button pressed. With no script every article shows.
 */
for (const group of document.querySelectorAll<HTMLElement>('[data-enhance="blog-filter"]')) {
  const buttons = [...group.querySelectorAll<HTMLButtonElement>('button[data-filter]')];
  const articles = [...document.querySelectorAll<HTMLElement>('[data-category]')];
  group.addEventListener('click', (event) => {
    const chosen = (event.target as Element).closest<HTMLButtonElement>('button[data-filter]');
    if (!chosen) return;
    const category = chosen.dataset.filter;
    for (const button of buttons) button.setAttribute('aria-pressed', String(button === chosen));
    for (const article of articles) article.hidden = Boolean(category) && article.dataset.category !== category;
  });
}
