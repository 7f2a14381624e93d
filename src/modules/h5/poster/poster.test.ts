import { describe, expect, it } from 'vitest';
import { newPage, newWork } from '../core/model';
import { editorState, loadWork, undo } from '../core/store';
import { currentPosterName, posterFileName, setCover } from './poster';

describe('poster', () => {
  it('names the file {title}-{page}.png, with safe characters and the page number when the page has no title', () => {
    expect(posterFileName('双11床垫节', '首页', 0)).toBe('双11床垫节-首页.png');
    expect(posterFileName('', '', 2)).toBe('标题-3.png');
    expect(posterFileName('a/b:c*?', ' <x> ', 0)).toBe('a_b_c_-_x_.png');
  });

  it('names the editing page of the open work', () => {
    const second = newPage();
    second.title = '报名';
    const w = newWork({ title: '门店开业', pages: [newPage(), second] });
    loadWork(w);
    editorState.editingPageUuid = second.uuid;
    expect(currentPosterName()).toBe('门店开业-报名.png');
  });

  it('sets the cover as one undoable step that saving sees', () => {
    loadWork(newWork());
    const revision = editorState.revision;
    setCover('/api/file/Image/h5/cover.png');
    expect(editorState.work!.cover_image_url).toBe('/api/file/Image/h5/cover.png');
    expect(editorState.revision).toBe(revision + 1);
    undo();
    expect(editorState.work!.cover_image_url).toBe('');
  });
});
