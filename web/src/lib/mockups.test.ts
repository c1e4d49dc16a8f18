import { areaPercent, areaProblems, clampArea, defaultArea, dragArea, fitDesign, photoProblem } from './mockups';

describe('mockup geometry', () => {
  it('fits a design inside the area with its ratio kept, centred (as the server does)', () => {
    expect(fitDesign({ width: 50, height: 50 }, { x: 100, y: 50, width: 200, height: 100 })).toEqual({ x: 150, y: 50, width: 100, height: 100 });
    expect(fitDesign({ width: 4500, height: 5400 }, { x: 0, y: 0, width: 600, height: 600 })).toEqual({ x: 50, y: 0, width: 500, height: 600 });
    expect(fitDesign({ width: 300, height: 100 }, { x: 10, y: 10, width: 90, height: 90 })).toEqual({ x: 10, y: 40, width: 90, height: 30 });
    expect(fitDesign({ width: 10_000, height: 1 }, { x: 0, y: 0, width: 100, height: 100 }).height).toBe(1);
  });

  it('names the field of an area outside the photo', () => {
    const photo = { width: 400, height: 400 };
    expect(areaProblems({ x: 100, y: 120, width: 200, height: 160 }, photo)).toEqual({});
    expect(Object.keys(areaProblems({ x: 300, y: 0, width: 101, height: 10 }, photo))).toEqual(['width']);
    expect(Object.keys(areaProblems({ x: 0, y: 350, width: 10, height: 51 }, photo))).toEqual(['height']);
    expect(Object.keys(areaProblems({ x: -1, y: 0, width: 10, height: 10 }, photo))).toEqual(['x']);
    expect(areaProblems({ x: 0, y: 0, width: 0, height: 10 }, photo).width).toBe('must be at least 1 px');
    expect(Object.keys(areaProblems({ x: 0.5, y: 0, width: 10, height: 10 }, photo))).toEqual(['x']);
  });

  it('keeps areas inside the photo when clamped or dragged', () => {
    const photo = { width: 400, height: 300 };
    expect(clampArea({ x: 350, y: -20, width: 100, height: 500 }, photo)).toEqual({ x: 300, y: 0, width: 100, height: 300 });
    const area = { x: 100, y: 100, width: 100, height: 100 };
    expect(dragArea(area, photo, 'move', 500, -500)).toEqual({ x: 300, y: 0, width: 100, height: 100 });
    expect(dragArea(area, photo, 'resize', 1000, 1000)).toEqual({ x: 100, y: 100, width: 300, height: 200 });
    expect(dragArea(area, photo, 'resize', -500, -500)).toEqual({ x: 100, y: 100, width: 1, height: 1 });
  });

  it('draws the area in percentages and proposes one inside a new photo', () => {
    expect(areaPercent({ x: 100, y: 50, width: 200, height: 150 }, { width: 400, height: 300 })).toEqual({ left: '25%', top: '16.666666666666664%', width: '50%', height: '50%' });
    const photo = { width: 1000, height: 1200 };
    expect(areaProblems(defaultArea(photo), photo)).toEqual({});
  });

  it('refuses photos too small or too large', () => {
    expect(photoProblem({ width: 1000, height: 1000 })).toBeNull();
    expect(photoProblem({ width: 120, height: 1000 })).toContain('120×1000');
    expect(photoProblem({ width: 9000, height: 1000 })).not.toBeNull();
  });
});
