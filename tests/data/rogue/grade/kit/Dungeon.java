// gridlab's stand-in for the coursework kit's Dungeon (our own code, the kit's interface).
public class Dungeon {
    private final char[][] board;

    public Dungeon(char[][] board) { this.board = board; }
    public int size() { return board.length; }
    private char at(Site v) {
        int n = board.length;
        if (v.i() < 0 || v.j() < 0 || v.i() >= n || v.j() >= n) return ' ';
        return board[v.i()][v.j()];
    }
    public boolean isRoom(Site v) { return at(v) == '.'; }
    public boolean isCorridor(Site v) { return at(v) == '+'; }
    public boolean isWall(Site v) { return !isRoom(v) && !isCorridor(v); }
    public boolean isLegalMove(Site v, Site w) {
        if (isWall(v) || isWall(w)) return false;
        int di = Math.abs(v.i() - w.i()), dj = Math.abs(v.j() - w.j());
        if (di > 1 || dj > 1) return false;
        return (isRoom(v) && isRoom(w)) || di + dj <= 1;
    }
}
