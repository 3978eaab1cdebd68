// Scripted player for recording the stock referee: numpad digits from a system
// property (5 = stay, 8 = N, 9 = NE, 6 = E, 3 = SE, 2 = S, 1 = SW, 4 = W, 7 = NW).
// When its script runs out the player ends the run with exit status 3.
final class Script {
    private final String digits;
    private int next = 0;

    Script(String property) {
        digits = System.getProperty(property, "").replaceAll("[^1-9]", "");
    }

    Site step(Site from) {
        if (next >= digits.length()) {
            System.out.flush();
            System.exit(3);
        }
        int d = digits.charAt(next++) - '0';
        int di = d >= 7 ? -1 : (d <= 3 ? 1 : 0);
        int dj = (d % 3 == 0) ? 1 : (d % 3 == 1 ? -1 : 0);
        return new Site(from.i() + di, from.j() + dj);
    }
}
