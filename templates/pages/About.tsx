import type { Pages, TeamMember } from '../../src/content/model';
import { Icon } from '../components/Icon';
import { PageHero } from '../components/PageHero';
import { PointGrid } from '../components/PointGrid';
import { Section } from '../components/Section';
import { StorySection } from '../components/StorySection';
import { Picture } from '../components/Picture';
import { fullWidthBelow } from '../lib/images';

export interface AboutProps {
  page: Pages['about'];
  /** `id`: the member's place on the page, which the articles they wrote link to. */
  team: readonly TeamMember[];
}

export function About({ page, team }: AboutProps) {
  const { story, mission } = page;
  return (
    <>
      <PageHero heading={page.hero.heading} text={page.hero.text} />
      <StorySection id="story" heading={story.heading} paragraphs={story.paragraphs} image={story.image} />
      <section aria-labelledby="mission-heading" className="bg-brand-light py-16 md:py-20">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h2 id="mission-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
            {mission.heading}
          </h2>
          <p className="mt-5 text-lg text-slate-700">{mission.text}</p>
          <div className="card mx-auto mt-8 flex max-w-2xl items-start gap-4 rounded-2xl bg-white p-6 text-left shadow card-edge">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-800">
              <Icon name="shield-check" />
            </span>
            <div className="min-w-0">
              <h3 className="text-lg font-bold">{mission.guarantee.title}</h3>
              <p className="mt-1 text-slate-700">{mission.guarantee.text}</p>
            </div>
          </div>
        </div>
      </section>
      <Section id="values" heading={page.values.heading} intro={page.values.intro}>
        <PointGrid items={page.values.items} />
      </Section>
      <Section id="team" heading={page.team.heading} intro={page.team.intro} tone="muted">
        <ul className="grid gap-8 md:grid-cols-3">
          {team.map((member) => (
            <li
              key={member.name}
              id={member.id}
              className="card overflow-hidden rounded-2xl bg-white text-center shadow-md card-edge"
            >
              <Picture
                image={member.image}
                width={400}
                height={400}
                sizes="(min-width: 768px) 33vw, 100vw"
                widest={fullWidthBelow.md}
                className="aspect-square w-full object-cover"
              />
              <div className="p-6">
                <h3 className="text-xl font-bold">{member.name}</h3>
                <p className="font-semibold text-brand">{member.role}</p>
                <p className="mt-3 text-slate-600">{member.bio}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
