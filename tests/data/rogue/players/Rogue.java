public class Rogue {
    private final Game game;
    private final Script script = new Script("moves.rogue");

    public Rogue(Game game) { this.game = game; }

    public Site move() { return script.step(game.getRogueSite()); }
}
