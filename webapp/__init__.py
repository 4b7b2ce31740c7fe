"""TileTally's web app and command line (Flask app factory in ``webapp.app``)."""
