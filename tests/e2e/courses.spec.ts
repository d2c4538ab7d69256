import { expect, test } from '@playwright/test';
import { signUpAndLogIn } from './support/accounts';

test.describe('courses by hand', () => {
  test('create a course by hand, see it listed, edit it and delete it', async ({ page }) => {
    await signUpAndLogIn(page, 'course-author', { firstName: 'Cora', lastName: 'Author' });
    await expect(page.getByText('No courses yet')).toBeVisible();

    await page.getByRole('link', { name: 'Create Your First Course' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create Course' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page.getByText('Course name is required')).toBeVisible();
    await page.getByLabel('Course Name').fill('Linear Algebra');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await expect(page).toHaveURL('/courses');
    await expect(page.getByRole('heading', { level: 2, name: 'Linear Algebra' })).toBeVisible();
    await expect(page.getByText('No description available.')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Linear Algebra' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Course' });
    await edit.getByLabel('Name').fill('Linear Algebra I');
    await edit.getByLabel('Description (optional)').fill('Vectors and matrices');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Linear Algebra I' })).toBeVisible();
    await expect(page.getByText('Vectors and matrices')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Vectors and matrices')).toBeVisible();

    await page.getByRole('link', { name: 'Linear Algebra I' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Linear Algebra I Subjects' }),
    ).toBeVisible();
    await expect(page.getByText('No subjects found')).toBeVisible();
    await page.getByRole('button', { name: 'Add Subject' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Subject' });
    await create.getByRole('button', { name: 'Create Subject' }).click();
    await expect(create.getByText('Subject name is required')).toBeVisible();
    await create.getByLabel('Subject Name').fill('Vectors');
    await create.getByRole('button', { name: 'Create Subject' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Vectors' })).toBeVisible();

    // The subjects and chapters screen, reached by its link: without a saved key, generating
    // chapters says what is missing.
    await page.getByRole('link', { name: 'Subjects and Chapters' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Linear Algebra I' })).toBeVisible();
    const vectors = page.getByRole('region', { name: 'Subjects' }).getByRole('listitem');
    await expect(vectors.getByText('Vectors')).toBeVisible();
    await expect(vectors.getByRole('button', { name: 'View Chapters' })).toHaveCount(0);
    await vectors.getByRole('button', { name: 'Generate Chapters' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'You need to set your Google API key in your profile first.',
    );
    await expect(vectors.getByRole('button', { name: 'Generate Chapters' })).toBeEnabled();
    await page.getByRole('link', { name: 'Linear Algebra I' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Linear Algebra I Subjects' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Edit Vectors' }).click();
    const rename = page.getByRole('dialog', { name: 'Edit Subject' });
    await rename.getByLabel('Name').fill('Vector spaces');
    await rename.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Vector spaces' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete Vector spaces' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Subject' })
      .getByRole('button', { name: 'Delete Subject' })
      .click();
    await expect(page.getByText('No subjects found')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Courses' }).click();
    await page.getByRole('button', { name: 'Delete Linear Algebra I' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Course' });
    await expect(confirm).toContainText('This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete Course' }).click();
    await expect(page.getByText('No courses yet')).toBeVisible();
  });
});
