"""white_star"""
