import { env } from '../../../config/env';
import { LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Acceptance of these terms',
    paragraphs: [
      'By creating an account or using Coursecraft you agree to these Terms of Service. If you do not agree, please do not use the service.',
    ],
  },
  {
    heading: 'Who may use Coursecraft',
    paragraphs: [
      'Coursecraft is for users aged 13 and over. You must be at least 13 years old to create an account. If you are under the age of majority where you live, a parent or guardian must review and accept these terms with you.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'You are responsible for keeping your password safe and for everything done with your account. Tell us straight away if you believe someone else has accessed it.',
      'You may sign in with an email address and password or with Google sign-in. We may disable accounts that break these terms.',
    ],
  },
  {
    heading: 'Your Google API key',
    paragraphs: [
      'AI features run on a Google API key that you save in your profile. Your key is stored encrypted and is used only to make the AI requests you ask for.',
      'Usage of the key is billed to your own Google account under Google’s terms. You can replace or remove the key at any time from your profile.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'Courses, subjects, chapters, topics, lessons and images you create remain yours. You allow us to store and process them only as needed to run the service for you.',
      'AI-generated material can contain mistakes. Review it before you teach or publish it.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'Do not use Coursecraft to create unlawful, harmful, hateful or infringing content, to attack or overload the service, or to access other users’ data.',
    ],
  },
  {
    heading: 'Testimonials',
    paragraphs: [
      'Testimonials you submit are reviewed by an administrator before they appear publicly. We may decline or remove a testimonial at our discretion.',
    ],
  },
  {
    heading: 'Availability and liability',
    paragraphs: [
      'We work to keep Coursecraft available, but the service is provided as is, without warranties. To the extent the law allows, we are not liable for indirect losses or for loss of content.',
    ],
  },
  {
    heading: 'Changes and contact',
    paragraphs: [
      'We may update these terms; the date above shows the latest version. Continuing to use the service after a change means you accept it.',
      `Questions about these terms? Write to ${env.contactEmail}.`,
    ],
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These terms govern your use of Coursecraft, the AI-assisted course authoring service."
      sections={SECTIONS}
    />
  );
}
