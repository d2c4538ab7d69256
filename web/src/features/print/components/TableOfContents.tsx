import type { CourseTree } from '@coursecraft/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PRINT_TEXT } from '../print-messages';
import { sectionAnchor, sectionNumber } from '../print-sections';

const listSx = { listStyle: 'none', m: 0, pl: 0 } as const;

/** One line of the contents: the section's number and name, linked to its heading. */
function Entry({
  anchor,
  number,
  name,
  variant,
  children,
}: {
  anchor: string;
  number: string;
  name: string;
  variant: 'subtitle1' | 'body1' | 'body2';
  children?: ReactNode;
}) {
  return (
    <Box component="li" sx={{ mt: variant === 'subtitle1' ? 1.5 : 0.5 }}>
      <Typography
        component="p"
        variant={variant}
        sx={{ fontWeight: variant === 'subtitle1' ? 700 : 400 }}
      >
        <Link href={`#${anchor}`} color="inherit" underline="hover">
          <Box component="span" sx={{ mr: 0.25 }}>
            {number}
          </Box>{' '}
          {name}
        </Link>
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The course's contents: subjects, chapters and topics, numbered like "1.2.3", and the answer key
 * (unnumbered) when the book has one.
 */
export function TableOfContents({
  subjects,
  answerKey = null,
}: {
  subjects: CourseTree['subjects'];
  answerKey?: { anchor: string; name: string } | null;
}) {
  return (
    <Box component="nav" aria-labelledby="print-contents">
      <Typography id="print-contents" variant="h2" component="h2" sx={{ mb: 2 }}>
        {PRINT_TEXT.contents}
      </Typography>
      {subjects.length === 0 ? (
        <Typography>{PRINT_TEXT.noSubjects}</Typography>
      ) : (
        <Box component="ol" sx={listSx}>
          {subjects.map((subject, s) => (
            <Entry
              key={subject.id}
              anchor={sectionAnchor('subject', subject.id)}
              number={sectionNumber(s)}
              name={subject.name}
              variant="subtitle1"
            >
              <Box component="ol" sx={{ ...listSx, pl: 3, '&:empty': { display: 'none' } }}>
                {subject.chapters.map((chapter, c) => (
                  <Entry
                    key={chapter.id}
                    anchor={sectionAnchor('chapter', chapter.id)}
                    number={sectionNumber(s, c)}
                    name={chapter.name}
                    variant="body1"
                  >
                    <Box component="ol" sx={{ ...listSx, pl: 3, '&:empty': { display: 'none' } }}>
                      {chapter.topics.map((topic, t) => (
                        <Entry
                          key={topic.id}
                          anchor={sectionAnchor('topic', topic.id)}
                          number={sectionNumber(s, c, t)}
                          name={topic.name}
                          variant="body2"
                        />
                      ))}
                    </Box>
                  </Entry>
                ))}
              </Box>
            </Entry>
          ))}
          {answerKey && (
            <Box component="li" sx={{ mt: 1.5 }}>
              <Typography component="p" variant="subtitle1" sx={{ fontWeight: 700 }}>
                <Link href={`#${answerKey.anchor}`} color="inherit" underline="hover">
                  {answerKey.name}
                </Link>
              </Typography>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
