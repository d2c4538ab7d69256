import { env } from '../../../config/env';
import { LegalDocument, type LegalSection } from './LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Information we collect',
    paragraphs: [
      'Account details: your first and last name and your email address. If you use Google sign-in we also receive your display name, profile photo address and whether your email is verified.',
      'Content you create: course descriptions, voice recordings you submit, and the courses, subjects, chapters, topics, lessons, images and testimonials you save.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'We use your information to run your account, generate and store your courses, send service emails such as password reset links, and keep the service secure. We do not sell your personal information.',
    ],
  },
  {
    heading: 'Your Google API key',
    paragraphs: [
      'The Google API key you save in your profile is stored encrypted. It is decrypted only on our servers, at the moment an AI request you asked for is made, and it is never shown back to you or to other users in full.',
    ],
  },
  {
    heading: 'AI processing',
    paragraphs: [
      'When you ask for AI generation, the relevant text or recording is sent to Google’s generative AI service with your key. Google processes it under its own terms and privacy policy.',
    ],
  },
  {
    heading: 'Storage and security',
    paragraphs: [
      'Your data is stored with Google Firebase and Google Cloud. Access is limited to your account and, for moderation and support, to our administrators.',
    ],
  },
  {
    heading: 'Cookies and browser storage',
    paragraphs: [
      'We keep your sign-in session in your browser’s storage so you stay logged in. We do not use advertising cookies.',
    ],
  },
  {
    heading: 'Children',
    paragraphs: [
      'Coursecraft is for users aged 13 and over. We do not knowingly collect information from children under 13; if you believe a child has an account, contact us and we will delete it.',
    ],
  },
  {
    heading: 'Your choices and contact',
    paragraphs: [
      'You can update your profile, remove your API key and delete your courses at any time. To access, correct or delete your personal information, or for any privacy question, write to ' +
        `${env.contactEmail}.`,
    ],
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what information Coursecraft collects, how we use it and the choices you have."
      sections={SECTIONS}
    />
  );
}
