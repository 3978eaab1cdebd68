// gridlab's stand-in for the coursework kit's Game (our own code, the kit's interface):
// the fields the adapter sets (monsterSite, rogueSite), the players it calls (monster,
// rogue), and the constructor reading a dungeon file from an In. No referee loop.
public class Game {
    private Dungeon dungeon;
    private Site monsterSite;
    private Site rogueSite;
    private Monster monster;
    private Rogue rogue;

    public Game(In in) {
        int n = Integer.parseInt(in.readLine().trim());
        char[][] board = new char[n][n];
        for (int i = 0; i < n; i++) {
            String s = in.readLine();
            for (int j = 0; j < n; j++) {
                char c = s.charAt(2 * j);
                if (c >= 'A' && c <= 'Z') { monsterSite = new Site(i, j); c = '.'; }
                if (c == '@') { rogueSite = new Site(i, j); c = '.'; }
                board[i][j] = c;
            }
        }
        dungeon = new Dungeon(board);
        monster = new Monster(this);
        rogue = new Rogue(this);
    }

    public Site getMonsterSite() { return monsterSite; }
    public Site getRogueSite() { return rogueSite; }
    public Dungeon getDungeon() { return dungeon; }
}
