public class Monster {
    private final Game game;
    private final Script script = new Script("moves.monster");

    public Monster(Game game) { this.game = game; }

    public Site move() { return script.step(game.getMonsterSite()); }
}
