"""The booklet templates of the shipped games and their shared partials, installed as the
package printkit.templates."""
