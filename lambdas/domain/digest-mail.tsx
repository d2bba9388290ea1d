import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { FREQUENCIES, type Frequency } from './newsletter.ts';
import type { DigestArticle } from './digest.ts';
import { contentParagraphs } from './newsletter-admin.ts';

interface DigestProps {
  frequency: Frequency;
  stories: readonly DigestArticle[];
  /** The reader's topics (labels); none chosen means all topics. */
  topics: readonly string[];
  siteUrl: string;
  unsubscribeUrl: string;
}

const styles = {
  body: { backgroundColor: '#f8fafc', fontFamily: 'Arial, sans-serif', color: '#0f172a' },
  container: { maxWidth: '600px', margin: '0 auto', padding: '24px', backgroundColor: '#ffffff' },
  title: { fontSize: '18px', margin: '16px 0 4px' },
  meta: { color: '#64748b', fontSize: '12px', margin: '0 0 4px' },
  summary: { fontSize: '14px', lineHeight: '20px', margin: '0' },
  footer: { color: '#64748b', fontSize: '12px' },
};

/** The digest, one template for the HTML and the plain-text part (react-email renders both). */
function Digest({ frequency, stories, topics, siteUrl, unsubscribeUrl }: DigestProps) {
  const label = FREQUENCIES.find((item) => item.value === frequency)?.label ?? 'Newsletter';
  return (
    <Html lang="en">
      <Head />
      <Preview>{stories[0]?.title ?? label}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={{ color: '#1d4ed8', fontSize: '22px' }}>
            Creator News Hub · {label}
          </Heading>
          <Text style={styles.meta}>Your topics: {topics.length ? topics.join(', ') : 'all topics'}</Text>
          {stories.map((story) => (
            <Section key={story.id}>
              <Heading as="h2" style={styles.title}>
                <Link href={`${siteUrl}/?article=${encodeURIComponent(story.id)}`}>{story.title}</Link>
              </Heading>
              <Text style={styles.meta}>{story.sourceName}</Text>
              <Text style={styles.summary}>{story.summary}</Text>
            </Section>
          ))}
          <Hr />
          <Text style={styles.footer}>
            You receive this because you subscribed at <Link href={siteUrl}>{siteUrl.replace(/^https?:\/\//, '')}</Link>.{' '}
            <Link href={`${siteUrl}/newsletter`}>Manage preferences</Link> · <Link href={unsubscribeUrl}>Unsubscribe</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export async function renderDigest(props: DigestProps): Promise<{ subject: string; html: string; text: string }> {
  const label = FREQUENCIES.find((item) => item.value === props.frequency)?.label ?? 'Newsletter';
  const element = <Digest {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: `${label}: ${props.stories[0]?.title ?? 'this period in creator news'}`, html, text };
}

interface ComposedProps {
  subject: string;
  /** Plain text from the console (sanitised there); React escapes it, paragraphs on blank lines. */
  content: string;
  siteUrl: string;
  unsubscribeUrl: string;
}

/** An issue an admin composed in the console, in the digest's layout and footer. */
function ComposedIssue({ subject, content, siteUrl, unsubscribeUrl }: ComposedProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{subject}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={{ color: '#1d4ed8', fontSize: '22px' }}>
            Creator News Hub · {subject}
          </Heading>
          {contentParagraphs(content).map((paragraph, index) => (
            <Text key={index} style={{ ...styles.summary, margin: '0 0 12px', whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))}
          <Hr />
          <Text style={styles.footer}>
            You receive this because you subscribed at <Link href={siteUrl}>{siteUrl.replace(/^https?:\/\//, '')}</Link>.{' '}
            <Link href={`${siteUrl}/newsletter`}>Manage preferences</Link> · <Link href={unsubscribeUrl}>Unsubscribe</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export async function renderComposedIssue(props: ComposedProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <ComposedIssue {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: props.subject, html, text };
}
