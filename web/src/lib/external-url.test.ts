import { httpUrl } from './external-url';

describe('httpUrl', () => {
  it('keeps absolute http and https addresses', () => {
    expect(httpUrl('https://track.example.test/1Z999?x=1')).toBe('https://track.example.test/1Z999?x=1');
    expect(httpUrl(' http://cdn.example.test/front.png ')).toBe('http://cdn.example.test/front.png');
  });

  it('drops scripts, data, relative paths and nothing', () => {
    expect(httpUrl('javascript:alert(1)')).toBeNull();
    expect(httpUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(httpUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(httpUrl('/graphql')).toBeNull();
    expect(httpUrl('')).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });
});
