import { describe, expect, it } from 'vitest';
import { galleryParamsRecord, readGalleryParams } from './gallery-params';

describe('readGalleryParams', () => {
  it('reads the words, the topic and the sort from the URL', () => {
    const sut = readGalleryParams(new URLSearchParams('q=%20camel%20routes&topic=Trade&sort=stars'));
    expect(sut).toEqual({ q: 'camel routes', topic: 'trade', sort: 'stars' });
  });

  it('sorts by newest when the URL names no sort it knows', () => {
    expect(readGalleryParams(new URLSearchParams('sort=loudest')).sort).toBe('new');
    expect(readGalleryParams(new URLSearchParams('')).sort).toBe('new');
  });
});

describe('galleryParamsRecord', () => {
  it('leaves out what is empty and the default sort', () => {
    expect(galleryParamsRecord({ q: '', topic: '', sort: 'new' })).toEqual({});
    expect(galleryParamsRecord({ q: 'silk', topic: 'maps', sort: 'forks' })).toEqual({
      q: 'silk',
      topic: 'maps',
      sort: 'forks',
    });
  });
});
